import { describe, expect, it } from 'vitest';
import { indexLine, withIndex } from './decisions-index.ts';

describe('decisions index', () => {
  it('lists a record by its heading and says when it is not in force', () => {
    expect(indexLine('0001-a.md', '# 0001 Tokens\n\nStatus: accepted (issue 1)\n')).toBe(
      '- [0001 Tokens](0001-a.md)',
    );
    expect(indexLine('0746-p.md', '# 0746 Prices\n\nStatus: proposed, not built\n')).toBe(
      '- [0746 Prices](0746-p.md) (proposed)',
    );
    expect(indexLine('0005-m.md', '# 0005 Mail\n\n> Superseded in part: limits by 0008\n')).toBe(
      '- [0005 Mail](0005-m.md) (partly superseded)',
    );
    expect(indexLine('0300-c.md', '# 0300 Cameras\n\n> Superseded by 0310.\n')).toBe(
      '- [0300 Cameras](0300-c.md) (superseded)',
    );
  });

  it('replaces only the list between its markers', () => {
    const readme = withIndex('# Decisions\n\nIntro.\n', '- [a](a.md)');
    expect(readme).toContain('Intro.');
    expect(withIndex(readme, '- [b](b.md)')).toBe(readme.replace('- [a](a.md)', '- [b](b.md)'));
  });
});
