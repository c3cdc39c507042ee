import crypto from 'node:crypto';
import { isStrongPassword } from '../auth/password';

// No 0/O, 1/l/I: the admin reads the password out or copies it onto paper for the new colleague.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;
const LENGTH = 10;

const pick = (chars: string) => chars[crypto.randomInt(chars.length)];

/** A random initial password meeting the password rule (at least 8, letters and digits). */
export function generateInitialPassword(): string {
  const chars = [pick(LETTERS), pick(DIGITS), ...Array.from({ length: LENGTH - 2 }, () => pick(ALPHABET))];
  // Fisher-Yates, so the guaranteed letter and digit are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const pw = chars.join('');
  if (!isStrongPassword(pw)) throw new Error('generated password breaks the password rule');
  return pw;
}
