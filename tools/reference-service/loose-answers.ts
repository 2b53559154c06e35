// What the loose dialect answers to a successful update. The spec's answer is one variant among
// others that real servers send: nothing at all, an empty object, a bare or quoted true, or the
// new value with a type of its own. The change itself is stored the same way whatever the answer.

import { chooseVariant } from './loose-choice';
import type { WireAnswer } from './wire-answer';
import { jsonAnswer } from './wire-answer';

/** Answers every update route may give; names are what tests compare against. */
const COMMON_ANSWERS = [
  /** 204 No Content. */
  'no-content',
  /** 200, empty body. */
  'empty-body',
  /** 200 `{}`. */
  'empty-object',
  /** 200 `true`. */
  'true',
  /** 200 `"true"`. */
  'true-string',
  /** 200 `{"success": true}`. */
  'success',
] as const;

export const ROTATION_ANSWERS = [
  ...COMMON_ANSWERS,
  /** The spec's: `{"is_rotating": true}`. */
  'is-rotating',
  /** `{"is_rotating": 1}`. */
  'is-rotating-number',
  /** `{"is_rotating": "true"}`. */
  'is-rotating-string',
] as const;

export const INTERVAL_ANSWERS = [
  ...COMMON_ANSWERS,
  /** `{"success": 1}`. */
  'success-number',
  /** `{"success": "true"}`. */
  'success-string',
  /** `{"success": true, "rotate_interval": 600}`. */
  'success-with-interval',
] as const;

export const LABEL_ANSWERS = [
  ...COMMON_ANSWERS,
  /** `{"success": true, "label": "Office"}`. */
  'success-with-label',
] as const;

export type CommonAnswer = (typeof COMMON_ANSWERS)[number];
export type RotationAnswer = (typeof ROTATION_ANSWERS)[number];
export type IntervalAnswer = (typeof INTERVAL_ANSWERS)[number];
export type LabelAnswer = (typeof LABEL_ANSWERS)[number];

/** The spec dialect's answers, under the same names. */
export const SPEC_ROTATION_ANSWER: RotationAnswer = 'is-rotating';
export const SPEC_INTERVAL_ANSWER: IntervalAnswer = 'success';
export const SPEC_LABEL_ANSWER: LabelAnswer = 'true';

export const rotationAnswerVariantOf = (seed: number, proxyId: number): RotationAnswer =>
  chooseVariant(seed, 'answer.update_rotation', proxyId, ROTATION_ANSWERS);
export const intervalAnswerVariantOf = (seed: number, proxyId: number): IntervalAnswer =>
  chooseVariant(seed, 'answer.update_rotate_interval', proxyId, INTERVAL_ANSWERS);
export const labelAnswerVariantOf = (seed: number, proxyId: number): LabelAnswer =>
  chooseVariant(seed, 'answer.update_label', proxyId, LABEL_ANSWERS);

export function rotationAnswer(variant: RotationAnswer, isRotating: boolean): WireAnswer {
  switch (variant) {
    case 'is-rotating':
      return jsonAnswer({ is_rotating: isRotating });
    case 'is-rotating-number':
      return jsonAnswer({ is_rotating: isRotating ? 1 : 0 });
    case 'is-rotating-string':
      return jsonAnswer({ is_rotating: String(isRotating) });
    default:
      return commonAnswer(variant);
  }
}

export function intervalAnswer(variant: IntervalAnswer, rotateInterval: number): WireAnswer {
  switch (variant) {
    case 'success-number':
      return jsonAnswer({ success: 1 });
    case 'success-string':
      return jsonAnswer({ success: 'true' });
    case 'success-with-interval':
      return jsonAnswer({ success: true, rotate_interval: rotateInterval });
    default:
      return commonAnswer(variant);
  }
}

export function labelAnswer(variant: LabelAnswer, label: string): WireAnswer {
  return variant === 'success-with-label'
    ? jsonAnswer({ success: true, label })
    : commonAnswer(variant);
}

function commonAnswer(variant: CommonAnswer): WireAnswer {
  switch (variant) {
    case 'no-content':
      return { kind: 'no-content' };
    case 'empty-body':
      return { kind: 'empty' };
    case 'empty-object':
      return jsonAnswer({});
    case 'true':
      return jsonAnswer(true);
    case 'true-string':
      return jsonAnswer('true');
    case 'success':
      return jsonAnswer({ success: true });
  }
}
