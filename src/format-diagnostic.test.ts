import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from './format-diagnostic.js';
import { painter } from './shared/painter.js';

describe('formatDiagnostic', () => {
  it('gives the severity, the message on one line and the code in brackets', () => {
    expect(
      formatDiagnostic({
        severity: 'warning',
        code: 'over-budget',
        message: 'Cut AGENTS.md\n  to 35 characters.',
      }),
    ).toBe('warning: Cut AGENTS.md to 35 characters. [over-budget]');
  });

  it('colours the severity by kind and dims the code when asked', () => {
    const line = formatDiagnostic({ severity: 'error', code: 'not-found', message: 'Gone.' }, painter(true));
    expect(line).toBe('\u001b[31merror:\u001b[39m Gone. \u001b[2m[not-found]\u001b[22m');
  });
});
