import { z } from 'zod';
import { CONTROL_CHARACTERS_ERROR, hasControlCharacters, text } from '@/shared/text';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('hasControlCharacters', () => {
  it('finds every C0 control, DEL and every C1 control', () => {
    const controls = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f, ...Array.from({ length: 0x20 }, (_, code) => 0x80 + code)];
    for (const code of controls) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(true);
  });

  it('lets printable text of any script through, including the characters around the control ranges', () => {
    for (const value of ['Desert Rose Travel', 'Дубай — пустыня', 'دبي', '日本', '😀 emoji', ' ~', '\u00a0no-break', '\u00ff', '']) {
      expect(hasControlCharacters(value), value).toBe(false);
    }
  });

  it('allows tab, line feed and carriage return only in a multi-line field, and never NUL', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(hasControlCharacters(value)).toBe(true);
      expect(hasControlCharacters(value, { multiLine: true })).toBe(false);
    }
    for (const value of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      expect(hasControlCharacters(value, { multiLine: true }), JSON.stringify(value)).toBe(true);
    }
  });
});

describe('text()', () => {
  it('trims as typed text is, and refuses a control character with errors.controlCharacters', () => {
    expect(text().parse('  Palm Coast  ')).toBe('Palm Coast');
    expect(messages(text(), 'Palm\u0000Coast')).toEqual([CONTROL_CHARACTERS_ERROR]);
    expect(CONTROL_CHARACTERS_ERROR).toBe('errors.controlCharacters');
  });

  it('trims surrounding line breaks of a one-line field rather than refusing them', () => {
    expect(text().parse('\tWELCOME10\r\n')).toBe('WELCOME10');
  });

  it('shows only the control-character message, ahead of the field’s own checks', () => {
    const name = text().min(1, { error: 'required' }).max(5, { error: 'tooLong' }).regex(/^\p{L}+$/u, { error: 'letters' });
    expect(messages(name, 'abcdefgh\u0000')).toEqual([CONTROL_CHARACTERS_ERROR]);
    expect(messages(name, 'abcdefgh')).toEqual(['tooLong']);
    expect(messages(name.pipe(z.email({ error: 'email' })), 'a\u0000@b.c')).toEqual([CONTROL_CHARACTERS_ERROR]);
  });

  it('keeps line breaks and tabs in a multi-line field', () => {
    expect(text({ multiLine: true }).parse(' Line one\r\nLine two\tend ')).toBe('Line one\r\nLine two\tend');
    expect(messages(text({ multiLine: true }), 'Line\u0000two')).toEqual([CONTROL_CHARACTERS_ERROR]);
  });

  it('leaves a password untrimmed when asked to', () => {
    expect(text({ trim: false }).parse(' secret 1 ')).toBe(' secret 1 ');
    expect(messages(text({ trim: false }), 'secret\u00001')).toEqual([CONTROL_CHARACTERS_ERROR]);
  });

  it('answers a value that is no string with the field’s message', () => {
    expect(messages(text({ error: 'account.errors.required' }), undefined)).toEqual(['account.errors.required']);
  });
});
