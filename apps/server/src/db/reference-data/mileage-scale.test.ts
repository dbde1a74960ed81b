import { readFileSync } from 'node:fs'
import { MILEAGE_SCALE } from '@app/domain'
import { describe, expect, it } from 'vitest'

describe('the barème kilométrique of @app/domain', () => {
  it('holds exactly the rows of the published scale file', () => {
    const lines = readFileSync(new URL('./mileage_allowance.csv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
    expect(MILEAGE_SCALE).toHaveLength(lines.length)
    for (const [index, line] of lines.entries()) {
      const band = MILEAGE_SCALE[index]
      // The coefficient and constant are the 9th and 10th columns; the band label may hold a quoted comma.
      const cells =
        line.match(/("[^"]*"|[^,]*)(,|$)/g)?.map((cell: string) => cell.replace(/,$/, '').replace(/"/g, '')) ?? []
      expect([band?.a, band?.b, String(band?.kmMin)]).toEqual([cells[8], cells[9], cells[6]])
    }
  })
})
