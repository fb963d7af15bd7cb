import { describe, expect, it, vi } from 'vitest';
import { EXPIRED_401_TEXT } from '../../domain/contract/wire';
import type { StoredFile } from '../../domain/platform';
import { ApiError } from './errors';
import { deferred, envelopeResponse, jsonResponse, makeClient, rejectionOf } from './testing';

const fileId = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';

const stored: StoredFile[] = [
  {
    FileID: fileId,
    FileName: 'drawing.pdf',
    ContentType: 'application/pdf',
    Size: 5,
    UploadedBy: 42,
    UploadedAt: '2025-01-02T03:04:05Z',
  },
];

describe('upload', () => {
  it('POSTs multipart to files/Upload with repeated `files` and the transport fields', async () => {
    const t = makeClient(() => envelopeResponse({ result: stored }));
    const files = [
      new File(['%PDF-'], 'drawing.pdf', { type: 'application/pdf' }),
      new File(['a,b'], 'parts.csv', { type: 'text/csv' }),
    ];
    const result = await t.client.upload(files, { JobNumber: 'J-1001' });
    expect(result).toEqual(stored);

    const request = t.requests[0];
    expect(request?.url).toBe('/api/files/Upload');
    expect(request?.method).toBe('POST');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.Authorization).toBe('tok-abc');
    expect(request?.headers.EmployeeID).toBe('42');
    // The browser sets multipart/form-data with its boundary; a hand-set Content-Type would break it.
    expect(request?.headers['Content-Type']).toBeUndefined();
    expect(request?.body).toBeInstanceOf(FormData);
    const form = request?.body as FormData;
    const sent = form.getAll('files') as File[];
    expect(sent.map((f) => f.name)).toEqual(['drawing.pdf', 'parts.csv']);
    expect(await sent[1]?.text()).toBe('a,b');
    expect(JSON.parse(String(form.get('TransmissionInfoJSON')))).toEqual({
      DeviceOS: 'TestOS',
      DeviceType: 'web',
      PlantID: 6,
      EmployeeID: 42,
    });
    expect(form.get('Token')).toBe('tok-abc');
    expect(form.get('Interface')).toBe('pm');
    expect(form.get('JobNumber')).toBe('J-1001');
    expect([...new Set(form.keys())].sort()).toEqual([
      'Interface',
      'JobNumber',
      'Token',
      'TransmissionInfoJSON',
      'files',
    ]);
  });

  it('accepts plain blobs and applies the envelope catalogue to the answer', async () => {
    const t = makeClient(() => envelopeResponse({ Error: true, Message: 'File too large' }));
    const error = await rejectionOf(t.client.upload([new Blob(['x']), new Blob(['y'])]));
    const form = t.requests[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).getAll('files')).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'error', message: 'File too large' });
    expect(t.shown).toEqual([{ hook: 'showError', message: 'File too large' }]);
  });
});

function fileResponse(contentDisposition: string | null): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/pdf' };
  if (contentDisposition) headers['Content-Disposition'] = contentDisposition;
  return new Response('%PDF-1.7 content', { status: 200, headers });
}

describe('download', () => {
  it('GETs files/Download with FileID and Token, the Authorization header and credentials', async () => {
    const t = makeClient(() =>
      fileResponse('attachment; filename="Resume.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20v2.pdf'),
    );
    const file = await t.client.download(fileId, { method: 'GET' });
    const request = t.requests[0];
    expect(request?.method).toBe('GET');
    expect(request?.url.startsWith('/api/files/Download?')).toBe(true);
    expect(request?.query.get('FileID')).toBe(fileId);
    expect(request?.query.get('Token')).toBe('tok-abc');
    expect(request?.headers.Authorization).toBe('tok-abc');
    expect(request?.credentials).toBe('include');

    expect(file.fileName).toBe('Résumé v2.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 content');
    expect(t.shown).toEqual([
      { hook: 'showSuccess', message: 'File "Résumé v2.pdf" downloaded successfully!' },
    ]);
  });

  it('takes the plain filename= when there is no filename*', async () => {
    const t = makeClient(() => fileResponse('attachment; filename="plan 7.pdf"'));
    const file = await t.client.download(fileId, { method: 'GET' });
    expect(file.fileName).toBe('plan 7.pdf');
    expect(t.shown).toEqual([{ hook: 'showSuccess', message: 'File "plan 7.pdf" downloaded successfully!' }]);
  });

  it('POSTs a JSON body with FileID and the transport fields', async () => {
    const t = makeClient(() => fileResponse('attachment; filename=report.xlsx'));
    const file = await t.client.download(fileId, { method: 'POST' });
    const request = t.requests[0];
    expect(request?.url).toBe('/api/files/Download');
    expect(request?.method).toBe('POST');
    expect(request?.headers.Authorization).toBe('tok-abc');
    expect(request?.json).toEqual({
      FileID: fileId,
      TransmissionInfoJSON: JSON.stringify({
        DeviceOS: 'TestOS',
        DeviceType: 'web',
        PlantID: 6,
        EmployeeID: 42,
      }),
      Token: 'tok-abc',
      Interface: 'pm',
    });
    expect(file.fileName).toBe('report.xlsx');
  });

  it.each([
    ['a JSON message', jsonResponse({ message: 'File not found' }, { status: 404 }), 404, 'File not found'],
    [
      'a JSON error',
      jsonResponse({ error: 'Not allowed to read this file' }, { status: 403 }),
      403,
      'Not allowed to read this file',
    ],
    ['a JSON Message', jsonResponse({ Message: 'Storage offline' }, { status: 503 }), 503, 'Storage offline'],
    [
      'JSON without a message',
      jsonResponse({ ok: false }, { status: 500 }),
      500,
      'Unable to parse error response',
    ],
    [
      'a non-JSON body',
      new Response('<html>oops</html>', { status: 500 }),
      500,
      'Unable to parse error response',
    ],
  ])('on failure with %s shows the text as an error and rejects', async (_, response, status, text) => {
    const t = makeClient(() => response);
    const error = await rejectionOf(t.client.download(fileId, { method: 'GET' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status, message: text });
    expect(t.shown).toEqual([{ hook: 'showError', message: text }]);
    expect(t.loading.getSnapshot()).toBe(false);
  });

  it('a 401 goes to onUnauthorized', async () => {
    const t = makeClient(() => new Response(null, { status: 401, statusText: EXPIRED_401_TEXT }));
    const error = await rejectionOf(t.client.download(fileId));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(t.unauthorized).toEqual([{ statusText: EXPIRED_401_TEXT, otherUser: false }]);
  });

  it('rejects a FileID that is not a uuid without fetching', async () => {
    const t = makeClient(() => fileResponse(null));
    const error = await rejectionOf(t.client.download('../etc/passwd'));
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(t.requests).toHaveLength(0);
    expect(t.shown.map((s) => s.hook)).toEqual(['showError']);
  });

  it('counts in the loading indicator until the bytes arrived', async () => {
    const answer = deferred<Response>();
    const t = makeClient(() => answer.promise);
    const pending = t.client.download(fileId);
    await vi.waitFor(() => expect(t.requests).toHaveLength(1));
    expect(t.loading.getSnapshot()).toBe(true);
    answer.resolve(fileResponse(null));
    const file = await pending;
    expect(file.fileName).toBe(fileId);
    expect(t.loading.getSnapshot()).toBe(false);
  });
});
