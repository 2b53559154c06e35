const JWT_SHAPE = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const BEARER_VALUE = /(bearer\s+)\S+/gi;

/**
 * Removes secrets from text that came from the network before it reaches a message: the token
 * itself (a server may echo the request), anything shaped like a JWT, and bearer header values.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret) clean = clean.split(secret).join('[redacted]');
  }
  return clean.replace(JWT_SHAPE, '[redacted]').replace(BEARER_VALUE, '$1[redacted]');
}
