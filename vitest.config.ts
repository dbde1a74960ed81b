import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on CI's 2-core machine, one test file at a time while the
    // second core idles (the main process does little). Server files wait on PostgreSQL or PGlite, web files on jsdom.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./test/global-setup.ts'],
          // The app's modules imported once per worker rather than once per file (each file still gets its own
          // database and its own app, built by test/helpers.ts): the suite's import time went from 107 s to 10 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // One jsdom and one import of React, Mantine and the icons for all the files of a worker: the web suite takes
          // half the time (210 s → 113 s); test-setup.ts clears what a test leaves behind.
          isolate: false,
          // Mantine pages in jsdom take seconds on a loaded 2-core machine: room enough not to flake.
          testTimeout: 20_000,
        },
      },
    ],
  },
})
