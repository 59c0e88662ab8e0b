/** One departure from the architecture, printed as `<file>:<line> <rule>: <message>`. */
export interface TViolation {
  /** Relative to the checked root, with forward slashes. */
  file: string;
  line: number;
  rule: string;
  message: string;
}

export const formatViolation = (v: TViolation) => `${v.file}:${v.line} ${v.rule}: ${v.message}`;
