import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { GET as downloadCatalogImage } from '@/app/api/catalog/images/[id]/route';
import { GET as downloadFile } from '@/app/api/files/[id]/route';
import type { Principal } from '@/server/auth/principal';
import { staffMembers, storedFiles } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { type FileStorage, fileStorageFromEnv, S3Storage } from '@/server/files/storage';
import { saveCatalogImage, saveUpload } from '@/server/files/uploads';
import { MAX_UPLOAD_BYTES } from '@/shared/files/file-rules';
import { DESERT_ROSE, principalFor } from '../support/booking-fixtures';
import { agentRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// Uploads in an S3-compatible bucket (S3_BUCKET set, as on several machines: docs/deployment.md),
// against a real S3 server started here: s3rver, which checks SigV4 signatures like S3 does. The
// same rules as the disk store (tests/files/uploads.test.ts, file-access.test.ts): the checks
// before any byte is written, the bytes and content type read back, deletion, an unknown key, and
// the file served by the routes that show it, to whom they show it.

const BUCKET = 'traveldesk-uploads';
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%s3 test\n');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);

let server: S3rver;
let directory: string;
let endpoint: string;
let storage: FileStorage;
let database: TestDatabase;
const agents: Record<'junior' | 'admin', Principal> = {} as never;

/** What is in the bucket, asked of the server itself (ListObjectsV2), not through the adapter. */
async function bucketKeys(): Promise<string[]> {
  const client = new AwsClient({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: 'us-east-1', service: 's3' });
  const response = await client.fetch(`${endpoint}/${BUCKET}?list-type=2`);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
}

async function headObject(key: string): Promise<Response> {
  const client = new AwsClient({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: 'us-east-1', service: 's3' });
  return client.fetch(`${endpoint}/${BUCKET}/${key}`, { method: 'HEAD' });
}

const bytesOf = async (body: ReadableStream<Uint8Array> | null) => new Uint8Array(await new Response(body).arrayBuffer());

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  // Port 0: the system picks a free one, so parallel runs never collide.
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  // The portal's own wiring: the same function the server uses to pick its store.
  storage = fileStorageFromEnv({ NODE_ENV: 'test', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET_KEY });
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = storage;
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
  for (const role of ['junior', 'admin'] as const) agents[role] = await principalFor(database.db, `${role}@desertrose.test`);
}, 120_000);

afterAll(async () => {
  delete (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage;
  await database?.dispose();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('uploads in an S3-compatible bucket', () => {
  it('is the store S3_BUCKET selects', () => {
    expect(storage).toBeInstanceOf(S3Storage);
  });

  it('stores a checked upload under its agency, with its content type, and reads the same bytes back', async () => {
    const file = new File([PDF_BYTES], 'licence.pdf', { type: 'application/x-msdownload' });
    const stored = await saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'tradeLicence', file, uploadedBy: agents.admin.userId, field: 'tradeLicence' }, storage);
    expect(stored).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF_BYTES.byteLength });
    expect(stored.storageKey.startsWith(`${DESERT_ROSE}/`)).toBe(true);
    expect(await bucketKeys()).toContain(stored.storageKey);
    // The type detected from the bytes, not the one the browser claimed.
    const head = await headObject(stored.storageKey);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(await bytesOf(await storage.get(stored.storageKey))).toEqual(PDF_BYTES);
  });

  it('refuses a renamed executable and a file over 5 MB before writing a byte or a row', async () => {
    const keysBefore = await bucketKeys();
    const rowsBefore = await database.db.$count(storedFiles);
    const executable = saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'tradeLicence', file: new File([EXE_BYTES], 'licence.pdf'), uploadedBy: null, field: 'tradeLicence' }, storage);
    await expect(executable).rejects.toBeInstanceOf(RuleViolation);
    await expect(executable).rejects.toMatchObject({ code: 'files.unsupportedFormat', field: 'tradeLicence' });
    const large = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    large.set(PDF_BYTES);
    const tooLarge = saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'paymentSlip', file: new File([large], 'slip.pdf'), uploadedBy: null, field: 'slip' }, storage);
    await expect(tooLarge).rejects.toMatchObject({ code: 'files.tooLarge', field: 'slip' });
    expect(await bucketKeys()).toEqual(keysBefore);
    expect(await database.db.$count(storedFiles)).toBe(rowsBefore);
  });

  it('round-trips a file of exactly the 5 MB limit', async () => {
    const exactly = new Uint8Array(MAX_UPLOAD_BYTES);
    exactly.set(PDF_BYTES);
    exactly.fill(7, PDF_BYTES.byteLength);
    const stored = await saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'paymentSlip', file: new File([exactly], 'slip.pdf'), uploadedBy: null, field: 'slip' }, storage);
    const back = await bytesOf(await storage.get(stored.storageKey));
    expect(back.byteLength).toBe(MAX_UPLOAD_BYTES);
    // Compared as buffers: a deep equality walks 5 million elements one by one.
    expect(Buffer.from(back).equals(Buffer.from(exactly))).toBe(true);
  });

  it('answers null for a key it never stored, and deletes a key (twice without complaint)', async () => {
    expect(await storage.get(`${DESERT_ROSE}/${randomUUID()}.pdf`)).toBeNull();
    const key = `${DESERT_ROSE}/${randomUUID()}.png`;
    await storage.put(key, new Uint8Array(PNG_BYTES), 'image/png');
    expect(await bytesOf(await storage.get(key))).toEqual(PNG_BYTES);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await bucketKeys()).not.toContain(key);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys it did not generate, before any request', async () => {
    await expect(storage.get(`../${BUCKET}/x`)).rejects.toThrow(/Refusing storage key/);
    await expect(storage.put('agency/file.pdf', new Uint8Array(PDF_BYTES), 'application/pdf')).rejects.toThrow(/Refusing storage key/);
  });

  it('signs its requests with the configured key: a key the server does not know is refused, and the error says which call', async () => {
    // s3rver checks the access key of a SigV4 request, not the signature's arithmetic (aws4fetch's).
    const unknown = new S3Storage({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'NOT-A-KEY', secretAccessKey: SECRET_KEY });
    const key = `${DESERT_ROSE}/${randomUUID()}.pdf`;
    await expect(unknown.put(key, new Uint8Array(PDF_BYTES), 'application/pdf')).rejects.toThrow(`S3 PUT ${key} answered 403 (InvalidAccessKeyId)`);
    await expect(unknown.get(key)).rejects.toThrow(`S3 GET ${key} answered 403 (InvalidAccessKeyId)`);
    await expect(unknown.delete(key)).rejects.toThrow(`S3 DELETE ${key} answered 403 (InvalidAccessKeyId)`);
    expect(await bucketKeys()).not.toContain(key);
  });

  it('tells a missing bucket from a missing file: a wrong S3_BUCKET fails loudly instead of every file reading as gone', async () => {
    const elsewhere = new S3Storage({ endpoint, bucket: 'no-such-bucket', region: 'us-east-1', accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY });
    const key = `${DESERT_ROSE}/${randomUUID()}.pdf`;
    await expect(elsewhere.get(key)).rejects.toThrow(`S3 GET ${key} answered 404 (NoSuchBucket)`);
    await expect(elsewhere.delete(key)).rejects.toThrow(`S3 DELETE ${key} answered 404 (NoSuchBucket)`);
    await expect(elsewhere.put(key, new Uint8Array(PDF_BYTES), 'application/pdf')).rejects.toThrow(`S3 PUT ${key} answered 404 (NoSuchBucket)`);
  });

  it('serves an agency file to whom its page shows it (the admin), 404 to a junior agent', async () => {
    const contract = await saveUpload(
      database.db,
      { agencyId: DESERT_ROSE, purpose: 'contractCopy', file: new File([PDF_BYTES], 'contract.pdf'), uploadedBy: agents.admin.userId, field: 'contractCopy' },
      storage,
    );
    session.principal = agents.junior;
    expect((await downloadFile(agentRequest(`/api/files/${contract.id}`), segment({ id: contract.id }))).status).toBe(404);
    session.principal = agents.admin;
    const response = await downloadFile(agentRequest(`/api/files/${contract.id}`), segment({ id: contract.id }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(PDF_BYTES.byteLength));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
  });

  it('serves a catalogue image to anyone, from the bucket', async () => {
    const [staff] = await database.db.select({ id: staffMembers.id }).from(staffMembers).limit(1);
    const image = await saveCatalogImage(database.db, { file: new File([PNG_BYTES], 'dunes.png'), staffId: staff!.id, folder: randomUUID(), field: 'image' }, storage);
    session.principal = null;
    const response = await downloadCatalogImage(agentRequest(`/api/catalog/images/${image.id}`), segment({ id: image.id }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('answers 404 for a recorded file whose object is gone from the bucket', async () => {
    const slip = await saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'paymentSlip', file: new File([PDF_BYTES], 'slip.pdf'), uploadedBy: null, field: 'slip' }, storage);
    await storage.delete(slip.storageKey);
    session.principal = agents.admin;
    expect((await downloadFile(agentRequest(`/api/files/${slip.id}`), segment({ id: slip.id }))).status).toBe(404);
  });
});
