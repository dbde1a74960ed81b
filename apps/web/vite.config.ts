import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Writes a .br and a .gz beside each script, style sheet, font and SVG of the build: the server sends them as they are
 * (@fastify/static preCompressed) instead of compressing on every request or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'carnet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true })
      await Promise.all(
        files
          .filter((file) => /\.(js|css|html|svg|json|txt|woff2?|ttf)$/.test(file))
          .map(async (file) => {
            const path = join(outDir, file)
            const content = await readFile(path)
            if (content.length < 1024) return
            const level = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }
            await Promise.all([
              writeFile(`${path}.br`, await brotli(content, level)),
              writeFile(`${path}.gz`, await gzipped(content, { level: 9 })),
            ])
          }),
      )
    },
  }
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Automatic splitting made ~90 small shared chunks for the invoice list, whose requests queued on HTTP/1.1 (LCP
    // 1.5 s, Lighthouse 94). Shared chunks under 24 KiB of source are copied into the chunks that read them instead;
    // Rolldown's runtime keeps one state per module across the copies. Style modules stay files (Vite's advice).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 24 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
})
