import { describe, expect, it } from 'vitest';
import { placesArguments } from './places-arguments.js';

/** Copilot's `${input:NAME}` syntax, built so it is not mistaken for a template literal. */
const copilotVariable = (name: string) => ['$', '{', name, '}'].join('');

describe('placesArguments', () => {
  it("finds each format's placeholders, and nothing in a template that only appends", () => {
    expect(placesArguments('Review $ARGUMENTS.', 'claude')).toBe(true);
    expect(placesArguments('Fix issue $1 with priority $2.', 'opencode')).toBe(true);
    expect(placesArguments('Costs $ 5.', 'claude')).toBe(false);
    expect(placesArguments('Write a commit message for {{args}}.', 'gemini')).toBe(true);
    expect(placesArguments('Review $ARGUMENTS.', 'gemini')).toBe(false);
    expect(placesArguments(`Explain ${copilotVariable('input:topic')}.`, 'copilot')).toBe(true);
    expect(placesArguments(`Explain ${copilotVariable('selection')}.`, 'copilot')).toBe(false);
    expect(placesArguments('Use $ARGUMENTS here.', 'cursor')).toBe(false);
    expect(placesArguments('Build the bundle.', 'claude')).toBe(false);
  });
});
