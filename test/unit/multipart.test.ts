import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeForm, makeRequest } from '../../src/bot/multipart.js';

/** What a standard parser (the one the Discord simulator uses) reads from an encoded form. */
async function parse(body: Buffer, boundary: string): Promise<FormData> {
  return new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  }).formData();
}

describe('uploads as one buffer (src/bot/multipart.ts)', () => {
  it('encodes fields and files so that a standard multipart parser reads them back byte for byte', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255, 13, 10, 45, 45]);
    const form = new FormData();
    form.append('files[0]', new Blob([png], { type: 'image/png' }), 'hand.png');
    form.append('files[1]', new Blob([Buffer.from('x')], { type: 'image/png' }), 'bài "Phỏm"\n.png');
    form.append('payload_json', JSON.stringify({ content: 'Mạt chược 麻將 ✓\r\n--', attachments: [] }));
    const { body, boundary } = await encodeForm(form);
    const back = await parse(body, boundary);
    const f0 = back.get('files[0]') as File;
    assert.equal(f0.name, 'hand.png');
    assert.equal(f0.type, 'image/png');
    assert.deepEqual(Buffer.from(await f0.arrayBuffer()), png);
    assert.equal((back.get('files[1]') as File).name, 'bài "Phỏm"\n.png', 'quotes and line breaks escaped and read back');
    assert.deepEqual(JSON.parse(back.get('payload_json') as string), { content: 'Mạt chược 麻將 ✓\r\n--', attachments: [] });
    assert.deepEqual([...back.keys()], ['files[0]', 'files[1]', 'payload_json']);
  });

  it('sends a form as one body with its boundary, and any other body unchanged', async () => {
    const seen: { ct: string | undefined; len: string | undefined; body: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ ct: req.headers['content-type'], len: req.headers['content-length'], body: Buffer.concat(chunks) });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const form = new FormData();
      form.append('payload_json', '{"a":1}');
      form.append('files[0]', new Blob([Buffer.from('abc')], { type: 'image/png' }), 'a.png');
      await makeRequest(url, { method: 'POST', body: form, headers: { Authorization: 'Bot t' } });
      await makeRequest(url, { method: 'POST', body: '{"b":2}', headers: { 'Content-Type': 'application/json' } });
      const [a, b] = seen;
      const boundary = /boundary=(.+)$/.exec(a!.ct ?? '')?.[1];
      assert.ok(boundary, a!.ct);
      assert.equal(Number(a!.len), a!.body.length, 'a fixed length, not a chunked stream');
      const back = await parse(a!.body, boundary!);
      assert.equal(back.get('payload_json'), '{"a":1}');
      assert.equal(await (back.get('files[0]') as File).text(), 'abc');
      assert.equal(b!.ct, 'application/json');
      assert.equal(b!.body.toString(), '{"b":2}');
    } finally {
      server.close();
    }
  });
});
