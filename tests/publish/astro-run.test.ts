/**
 * `astro build` runs below the shop's priority: a rebuild shares the machine with the server that answers
 * shoppers, so the render gets only the CPU their requests leave.
 */
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { processEnvironment } from '../../src/config/env.ts';
import { runBuild } from '../../src/publish/render/astro-run.ts';

describe('runBuild', () => {
  it('runs the build niced below this process, and hands over its output lines', async () => {
    const lines: string[] = [];
    const result = await runBuild(
      // The child reports its own niceness once it runs: by then the parent has lowered it.
      [
        process.execPath,
        '-e',
        "setTimeout(() => console.log('niceness', require('node:os').getPriority()), 200)",
      ],
      process.cwd(),
      processEnvironment(),
      (line) => lines.push(line),
    );
    expect(result.code).toBe(0);
    expect(lines).toContain(`niceness ${Math.min(19, getPriority() + 10)}`);
  });
});
