import { createTransport } from 'nodemailer';
import { mailOutbox } from '@/server/db/schema';
import { OutboxMailer, SmtpMailer, withDemoLabel } from '@/server/mail/mailer';
import { listOutboxMail } from '@/server/mail/outbox-queries';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const message = { to: 'Agent@Example.test', subject: 'Verify your e-mail', text: 'Open https://x.test/verify', kind: 'verifyEmail' };

describe('mail', () => {
  it('keeps mail in the outbox, unsent, when no SMTP is configured', async () => {
    await new OutboxMailer().send(database.db, message);
    const [mail] = await listOutboxMail(database.db, 'agent@example.test');
    expect(mail).toMatchObject({ recipient: 'agent@example.test', subject: message.subject, textBody: withDemoLabel(message).text, kind: 'verifyEmail', sentAt: null });
  });

  it('ends every mail of the demo with its label in both languages, once, and no production mail', () => {
    const labelled = withDemoLabel({ ...message, html: '<p>Hi</p>' }, true);
    expect(labelled.text).toBe(`${message.text}\n\n— Demo — test data, no real payments · Демо — тестовые данные, без реальных платежей`);
    expect(labelled.html).toContain('Demo — test data, no real payments');
    expect(withDemoLabel(labelled, true)).toEqual(labelled);
    expect(withDemoLabel(message, false)).toEqual(message);
  });

  it('delivers through SMTP, then records the mail as sent', async () => {
    const transport = createTransport({ jsonTransport: true });
    const delivered: string[] = [];
    const mailer = new SmtpMailer(
      { sendMail: async (mail) => { const info = await transport.sendMail(mail); delivered.push(String(info.message)); return info; } },
      'Traveldesk <no-reply@traveldesk.test>',
    );
    await mailer.send(database.db, { ...message, to: 'smtp@example.test' });
    expect(JSON.parse(delivered[0]!)).toMatchObject({ subject: message.subject, to: [{ address: 'smtp@example.test' }] });
    const [mail] = await listOutboxMail(database.db, 'smtp@example.test');
    expect(mail?.sentAt).toBeInstanceOf(Date);
  });

  it("sends an agency's mail to its guest in the agency's name, on our address, with answers to the agency", async () => {
    const transport = createTransport({ jsonTransport: true });
    const delivered: string[] = [];
    const mailer = new SmtpMailer(
      { sendMail: async (mail) => { const info = await transport.sendMail(mail); delivered.push(String(info.message)); return info; } },
      'Traveldesk <no-reply@traveldesk.test>',
    );
    await mailer.send(database.db, { ...message, to: 'guest@example.test', sender: { name: 'Desert Rose Travel', replyTo: 'reservations@desertrose.test' } });
    const sent = JSON.parse(delivered[0]!);
    expect(sent.from).toEqual({ address: 'no-reply@traveldesk.test', name: 'Desert Rose Travel' });
    expect(sent.replyTo).toEqual([{ address: 'reservations@desertrose.test', name: '' }]);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const before = await database.db.$count(mailOutbox);
    await expect(
      database.db.transaction(async (tx) => {
        await new OutboxMailer().send(tx, { ...message, to: 'rollback@example.test' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.$count(mailOutbox)).toBe(before);
  });
});
