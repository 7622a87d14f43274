/** What a captcha widget tells its form. */
export type CaptchaEvent =
  | { type: 'token'; token: string }
  /** The widget went back to unsolved (reset, or a new attempt started). */
  | { type: 'cleared' }
  | { type: 'expired' }
  | { type: 'error' };

export interface CaptchaHandle {
  /** Back to unsolved: a solved captcha is single-use. */
  reset: () => void;
}
