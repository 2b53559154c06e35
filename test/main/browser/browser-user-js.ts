/** Reads a user.js back: each `user_pref("name", value);` line, its value parsed as JSON. */
export function parseUserJs(text: string): Map<string, unknown> {
  const prefs = new Map<string, unknown>();
  for (const line of text.split('\n')) {
    const match = /^user_pref\(("(?:[^"\\]|\\.)*"), (.*)\);$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      prefs.set(JSON.parse(match[1]) as string, JSON.parse(match[2]));
    } else if (line !== '' && !line.startsWith('//')) {
      throw new Error(`Not a user_pref line: ${line}`);
    }
  }
  return prefs;
}
