import { createConfig, lintFromString } from '@redocly/openapi-core'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../helpers'

const ctx = useTestContext()

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended ruleset with no error", async () => {
    const response = await ctx.app.inject({ url: '/api/v1/openapi.json' })
    expect(response.statusCode).toBe(200)
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source: response.body, absoluteRef: 'openapi.json', config })
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`)
    expect(errors).toEqual([])
    // And no warning a client generator would turn into dead types.
    const warnings = problems.filter((problem) => problem.severity === 'warn').map((problem) => problem.ruleId)
    console.log(`openapi lint: ${warnings.length} warnings (${[...new Set(warnings)].join(', ') || 'none'})`)
    expect(warnings).not.toContain('no-unused-components')
  })

  it('is served as a readable reference page at /api/docs, from files of the app', async () => {
    const page = await ctx.app.inject({ url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/)
    const script = /src="\.?\/?([^"]*swagger-ui-bundle\.js)"/.exec(page.body)?.[1]
    expect(script).toBeTruthy()
    const bundle = await ctx.app.inject({ url: `/api/docs/${script?.replace(/^\.?\//, '')}` })
    expect(bundle.statusCode).toBe(200)
  })
})
