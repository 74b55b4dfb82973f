import { describe, expect, it } from 'vitest';
import { decodeXml, extractUserInputPaths } from './user-input-paths.js';

describe('extractUserInputPaths', () => {
  it('decodes <file name> attributes and strips a leading @', () => {
    const text =
      '<file name="@nested/a&amp;b.ts">\nconst a = "@decorator";\n</file>\n<file name=\'src/x&#39;y.ts\'/>';
    expect(extractUserInputPaths(text)).toEqual({
      attachments: ['nested/a&b.ts', "src/x'y.ts"],
      mentions: [],
    });
  });

  it('finds @path mentions outside file blocks, without trailing punctuation', () => {
    const text =
      'See @src/main.ts, then (@docs/guide.md). Mail me at someone@example.com; @src/main.ts again.';
    expect(extractUserInputPaths(text)).toEqual({
      attachments: [],
      mentions: ['src/main.ts', 'docs/guide.md'],
    });
  });

  it('does not repeat a mention that is also an attachment', () => {
    expect(extractUserInputPaths('<file name="a.ts">x</file> and @a.ts')).toEqual({
      attachments: ['a.ts'],
      mentions: [],
    });
  });
});

describe('decodeXml', () => {
  it('decodes named and numeric references and keeps unknown ones', () => {
    expect(decodeXml('&lt;&gt;&quot;&apos;&amp;&#65;&#x42;&nbsp;&#xFFFFFFF;')).toBe(
      '<>"\'&AB&nbsp;&#xFFFFFFF;',
    );
  });
});
