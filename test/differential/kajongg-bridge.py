#!/usr/bin/python3
"""Score hand strings with KDE Kajongg's "Classical Chinese DMJL" ruleset, headless.

Reads JSON lines on stdin: {"id": any, "hand": "<kajongg hand string>", "seat": "E|S|W|N",
"round": "E|S|W|N", "roofOff": false}, or instead of "hand" the parts of a hand won on a discarded
or robbed tile: {"declared": [meld strings], "bonus": [..], "concealed": "B2B3..", "last": "B5",
"source": "d|Z|k|1", "ann": ""}. For the latter the bridge does what Kajongg's client does when it
declares Mah Jongg on a claimed tile (player.py declaredMahJongg): the set completed by the claimed
tile is exposed. It tries every such set, and every explicit arrangement of the concealed tiles
with each set the claimed tile completes exposed (classic-mahjong.md §8.1: the best arrangement
counts; Kajongg's own arrangement of an `R` string is not always the best), and keeps the best
total. Writes one JSON line per input:
{"id": any, "won": bool, "total": int, "points": int, "doubles": int, "limits": float, "rules": [str]}
or {"id": any, "error": str}. Needs the Debian package `kajongg` (sources in /usr/share/kajongg).
"""
import json
import os
import sys

os.environ.setdefault('QT_QPA_PLATFORM', 'offscreen')
sys.path.insert(0, os.environ.get('KAJONGG_SRC', '/usr/share/kajongg'))
sys.argv = sys.argv[:1]

from wind import Wind  # noqa: E402  pylint: disable=wrong-import-position
from game import PlayingGame  # noqa: E402
from hand import Hand  # noqa: E402
from predefined import ClassicalChineseDMJL  # noqa: E402


def candidate_strings(req):
    """hand strings for a win on a claimed tile: one per set that the tile can complete"""
    concealed = [req['concealed'][i:i + 2] for i in range(0, len(req['concealed']), 2)]
    last = req['last']
    group, value = last[0], last[1]
    cands = []
    if concealed.count(last) >= 2:
        cands.append([last] * 2)
    if concealed.count(last) >= 3:
        cands.append([last] * 3)
    if concealed.count(last) == 1:
        cands.append([last])  # Thirteen Orphans: the claimed tile stays a single
    if group in 'SBC':
        val = int(value)
        for start in (val - 2, val - 1, val):
            if start < 1 or start + 2 > 9:
                continue
            chow = [group + str(v) for v in range(start, start + 3)]
            rest = concealed[:]
            try:
                for tile in chow:
                    rest.remove(tile)
            except ValueError:
                continue
            cands.append(chow)
    result = []
    for meld in cands:
        rest = concealed[:]
        for tile in meld:
            rest.remove(tile)
        exposed = ''.join(t[0].lower() + t[1] for t in meld)
        parts = list(req.get('declared', [])) + [exposed] + list(req.get('bonus', []))
        if rest:
            parts.append('R' + ''.join(rest))
        parts.append('m' + req['source'] + req.get('ann', ''))
        parts.append('L' + last[0].lower() + last[1] + exposed)
        result.append(' '.join(parts))
    return result


def decompositions(tiles):
    """every way to lay a sorted list of concealed tiles out as sets plus exactly one pair"""
    out = []

    def rec(rest, melds, pair):
        if not rest:
            if pair:
                out.append(melds[:])
            return
        first = rest[0]
        if not pair and rest.count(first) >= 2:
            nxt = rest[:]
            nxt.remove(first)
            nxt.remove(first)
            rec(nxt, melds + [[first] * 2], True)
        if rest.count(first) >= 3:
            nxt = rest[:]
            for _ in range(3):
                nxt.remove(first)
            rec(nxt, melds + [[first] * 3], pair)
        if first[0] in 'SBC' and int(first[1]) <= 7:
            chow = [first[0] + str(int(first[1]) + i) for i in range(3)]
            if all(t in rest for t in chow):
                nxt = rest[:]
                for tile in chow:
                    nxt.remove(tile)
                rec(nxt, melds + [chow], pair)

    rec(sorted(tiles), [], False)
    return out


def arranged_strings(req):
    """hand strings for a win on a claimed tile, one per explicit arrangement of the concealed
    tiles and choice of the set the claimed tile completes (that set exposed): classic-mahjong.md
    §8.1, the best arrangement counts, and Kajongg scores a hand string as it is arranged"""
    concealed = [req['concealed'][i:i + 2] for i in range(0, len(req['concealed']), 2)]
    last = req['last']
    result = []
    for melds in decompositions(concealed):
        seen = set()
        for i, meld in enumerate(melds):
            key = ''.join(meld)
            if last not in meld or key in seen:
                continue
            seen.add(key)
            exposed = ''.join(t[0].lower() + t[1] for t in meld)
            parts = list(req.get('declared', []))
            parts += [exposed if j == i else ''.join(m) for j, m in enumerate(melds)]
            parts += list(req.get('bonus', []))
            parts.append('m' + req['source'] + req.get('ann', ''))
            parts.append('L' + last[0].lower() + last[1] + exposed)
            result.append(' '.join(parts))
    return result


def better(hand, best, limit):
    """the higher total; on a tie at the limit a limit hand, then fewer points; else more points
    (the scorer's own tie rule, so that ties split points and doubles the same way)"""
    if best is None:
        return True
    if hand.won != best.won:
        return hand.won
    if hand.total() != best.total():
        return hand.total() > best.total()
    if hand.total() >= limit:
        if bool(hand.score.limits) != bool(best.score.limits):
            return bool(hand.score.limits)
        return hand.score.points < best.score.points
    return hand.score.points > best.score.points


def best_hand(player, req, limit):
    """score req['hand'], or the best of the candidate strings"""
    if 'hand' in req:
        return Hand(player, req['hand'])
    best = None
    for string in candidate_strings(req) + arranged_strings(req):
        player.clearCache()
        hand = Hand(player, string)
        if better(hand, best, limit):
            best = hand
    if best is None:
        raise ValueError('no set for the claimed tile')
    return best


def main():
    games = {}

    def game_for(roof_off):
        if roof_off not in games:
            ruleset = ClassicalChineseDMJL()
            ruleset.load()
            if roof_off:
                ruleset.roofOff = True
            games[roof_off] = PlayingGame(list((w, w.char) for w in Wind.all4), ruleset)
        return games[roof_off]

    winds = 'ESWN'
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        try:
            game = game_for(bool(req.get('roofOff', False)))
            game.roundsFinished = winds.index(req.get('round', 'E'))
            player = game.players[winds.index(req.get('seat', 'E'))]
            assert player.wind.char == req.get('seat', 'E'), (player.wind, req.get('seat'))
            player.clearCache()
            player.mayWin = bool(req.get('mayWin', True))
            hand = best_hand(player, req, 10 ** 9 if req.get('roofOff') else 500)
            score = hand.score
            res = {'id': req.get('id'), 'won': bool(hand.won), 'total': hand.total(),
                   'points': score.points, 'doubles': score.doubles, 'limits': score.limits,
                   'rules': [u.rule.name for u in hand.usedRules]}
        except Exception as exc:  # pylint: disable=broad-except
            res = {'id': req.get('id'), 'error': '%s: %s' % (type(exc).__name__, exc)}
        out.write(json.dumps(res) + '\n')
        out.flush()


if __name__ == '__main__':
    main()
