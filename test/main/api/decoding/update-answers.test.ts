import { describe, expect, it } from 'vitest';
import {
  intervalField,
  readUpdateAnswer,
  rotationField,
} from '../../../../src/main/api/decoding/update-answers';

describe('readUpdateAnswer', () => {
  it.each([
    ['an empty body (204)', ''],
    ['whitespace', ' \n'],
    ['{}', '{}'],
    ['true', 'true'],
    ['"true"', '"true"'],
    ['{"success":true}', '{"success":true}'],
    ['{"success":1}', '{"success":1}'],
    ['{"success":"true"}', '{"success":"true"}'],
    ['{"ok":true}', '{"ok":true}'],
    ['{"success":"maybe"}', '{"success":"maybe"}'],
    ['text', 'OK'],
    ['an HTML page', '<html><body>Saved</body></html>'],
    ['null', 'null'],
    ['an array', '[false]'],
    ['a number', '1'],
  ])('takes %s as applied with the requested value', (_what, text) => {
    expect(readUpdateAnswer(text, 'new label')).toEqual({ applied: true, value: 'new label' });
  });

  it.each([
    ['{"success":false}', undefined],
    ['{"success":0}', undefined],
    ['{"success":"false"}', undefined],
    ['{"success":"FALSE"}', undefined],
    ['{"ok":false}', undefined],
    ['{"ok":true,"success":false}', undefined],
    ['false', undefined],
    ['"false"', undefined],
    ['{"success":false,"detail":"Proxy is blocked"}', 'Proxy is blocked'],
    ['{"ok":false,"message":"  Not yours  "}', 'Not yours'],
    ['{"success":false,"error":"Rate exceeded"}', 'Rate exceeded'],
    ['{"success":false,"detail":"","message":"Second"}', 'Second'],
    ['{"success":false,"detail":"First","error":"Third"}', 'First'],
    ['{"success":false,"error":{"code":7}}', undefined],
    ['{"success":false,"is_rotating":true}', undefined],
  ])('takes %s as not applied, explained by %j', (text, explanation) => {
    expect(readUpdateAnswer(text, true, rotationField)).toEqual({ applied: false, explanation });
  });

  it.each([
    ['{"is_rotating":false}', true, false],
    ['{"is_rotating":0}', true, false],
    ['{"is_rotating":1}', false, true],
    ['{"is_rotating":"TRUE"}', false, true],
    ['{"success":true,"is_rotating":false}', true, false],
    ['{"is_rotating":"yes"}', true, true],
    ['{"is_rotating":null}', false, false],
    ['{"rotation":false}', true, true],
  ])('reads the rotation now in effect from %s (asked %j → %j)', (text, requested, value) => {
    expect(readUpdateAnswer(text, requested, rotationField)).toEqual({ applied: true, value });
  });

  it.each([
    ['{"rotate_interval":"600"}', 300, 600],
    ['{"rotate_interval":900}', 300, 900],
    ['{"success":true,"rotate_interval":60}', 300, 60],
    ['{"success":true}', 300, 300],
    ['{"rotate_interval":0}', 300, 300],
    ['{"rotate_interval":"0600"}', 300, 300],
    ['{"rotate_interval":1.5}', 300, 300],
    ['{"rotate_interval":"soon"}', 300, 300],
  ])('reads the interval now in effect from %s (asked %d → %d)', (text, requested, value) => {
    expect(readUpdateAnswer(text, requested, intervalField)).toEqual({ applied: true, value });
  });

  it('takes no reported value without a field to read it from', () => {
    expect(readUpdateAnswer('{"is_rotating":false}', 'label')).toEqual({
      applied: true,
      value: 'label',
    });
  });
});
