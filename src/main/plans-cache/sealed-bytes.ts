import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM around a cache file's content: the file holds proxy passwords, and its key lives in
 * the keychain beside the token, so a copy of the file alone (a backup, another user who can read
 * it after a chmod mistake) reveals nothing, and a file changed or moved to another account's name
 * fails to open instead of showing someone else's plans.
 *
 * Layout: MAGIC (4 bytes), FORMAT (1 byte), nonce (12 bytes), tag (16 bytes), ciphertext. The
 * magic, the format and the account id are authenticated too (additional data).
 */
const MAGIC = Buffer.from('PTPC', 'latin1');
const FORMAT = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + NONCE_BYTES + TAG_BYTES;

/** Seals `content`; `key` has 32 bytes (Node throws a RangeError for any other length). */
export function seal(key: Buffer, accountId: string, content: Buffer): Buffer {
  // A fresh random nonce per write: at a few writes an hour, 96 random bits never repeat.
  const nonce = randomBytes(NONCE_BYTES);
  // GCM's tag is 16 bytes unless asked otherwise.
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(additionalData(accountId));
  const ciphertext = Buffer.concat([cipher.update(content), cipher.final()]);
  return Buffer.concat([MAGIC, Buffer.of(FORMAT), nonce, cipher.getAuthTag(), ciphertext]);
}

/** The content, or undefined when the bytes are not a file sealed with this key for this account. */
export function unseal(key: Buffer, accountId: string, sealed: Buffer): Buffer | undefined {
  if (sealed.length < HEADER_BYTES) return undefined;
  if (!sealed.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (sealed[MAGIC.length] !== FORMAT) return undefined;
  const nonceStart = MAGIC.length + 1;
  const tagStart = nonceStart + NONCE_BYTES;
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(nonceStart, tagStart), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(additionalData(accountId));
  decipher.setAuthTag(sealed.subarray(tagStart, HEADER_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    // final() throws when the tag does not match: another key, another account, changed bytes.
    return undefined;
  }
}

function additionalData(accountId: string): Buffer {
  return Buffer.concat([MAGIC, Buffer.of(FORMAT), Buffer.from(accountId)]);
}
