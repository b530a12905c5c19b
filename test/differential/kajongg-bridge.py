#!/usr/bin/python3
"""Score hand strings with KDE Kajongg's "Classical Chinese DMJL" ruleset, headless.

Reads JSON lines on stdin: {"id": any, "hand": "<kajongg hand string>", "seat": "E|S|W|N",
"round": "E|S|W|N", "roofOff": false}, or instead of "hand" the parts of a hand won on a discarded
or robbed tile: {"declared": [meld strings], "bonus": [..], "concealed": "B2B3..", "last": "B5",
"source": "d|Z|k|1", "ann": ""}. For the latter the bridge does what Kajongg's client does when it
declares Mah Jongg on a claimed tile (player.py declaredMahJongg): the set completed by the claimed
tile is exposed. It tries every such set and keeps the best total. Writes one JSON line per input:
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


def best_hand(player, req):
    """score req['hand'], or the best of the candidate strings"""
    if 'hand' in req:
        return Hand(player, req['hand'])
    best = None
    for string in candidate_strings(req):
        player.clearCache()
        hand = Hand(player, string)
        if best is None or (hand.won and (not best.won or hand.total() > best.total())):
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
            hand = best_hand(player, req)
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
