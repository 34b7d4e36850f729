import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GET as downloadFile } from '@/app/api/files/[id]/route';
import type { Principal } from '@/server/auth/principal';
import { NotFound } from '@/server/errors';
import type { FilePurpose } from '@/shared/files/file-purpose';
import { type FileStorage, LocalDiskStorage } from '@/server/files/storage';
import { loadVisibleFile, saveUpload } from '@/server/files/uploads';
import { DESERT_ROSE, principalFor } from '../support/booking-fixtures';
import { agentRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// A file is downloaded by whoever may see it where the portal shows it, not
// by anyone of its agency. A junior agent guessing or copying the contract copy's id gets a 404.

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%contract\n');

let database: TestDatabase;
let root: string;
let storage: FileStorage;
const agents: Record<'junior' | 'senior' | 'admin', Principal> = {} as never;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  root = await mkdtemp(path.join(os.tmpdir(), 'file-access-'));
  storage = new LocalDiskStorage(root);
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = storage;
  serveRoutesFrom(database);
  for (const role of ['junior', 'senior', 'admin'] as const) agents[role] = await principalFor(database.db, `${role}@desertrose.test`);
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

async function upload(purpose: FilePurpose) {
  const file = new File([PDF_BYTES], `${purpose}.pdf`, { type: 'application/pdf' });
  return saveUpload(database.db, { agencyId: DESERT_ROSE, purpose, file, uploadedBy: agents.admin.userId, field: purpose }, storage);
}

describe('who may download an agency’s file', () => {
  it('shows company documents to admins only and payment slips to those who see balances', async () => {
    const contract = await upload('contractCopy');
    const slip = await upload('paymentSlip');
    await expect(loadVisibleFile(database.db, agents.admin, contract.id)).resolves.toMatchObject({ id: contract.id });
    await expect(loadVisibleFile(database.db, agents.senior, contract.id)).rejects.toBeInstanceOf(NotFound);
    await expect(loadVisibleFile(database.db, agents.junior, contract.id)).rejects.toBeInstanceOf(NotFound);
    await expect(loadVisibleFile(database.db, agents.senior, slip.id)).resolves.toMatchObject({ id: slip.id });
    await expect(loadVisibleFile(database.db, agents.junior, slip.id)).rejects.toBeInstanceOf(NotFound);
  });

  it('answers a junior agent’s download of the contract copy with 404, and the admin’s with the file', async () => {
    const contract = await upload('contractCopy');
    const request = () => agentRequest(`/api/files/${contract.id}`);

    session.principal = agents.junior;
    const junior = await downloadFile(request(), segment({ id: contract.id }));
    expect(junior.status).toBe(404);

    session.principal = agents.admin;
    const admin = await downloadFile(request(), segment({ id: contract.id }));
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await admin.arrayBuffer())).toEqual(PDF_BYTES);
  });
});
