import type { DashboardActivityDto } from '@app/domain'
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { axisK, euros } from '../format'

type Month = DashboardActivityDto['activityByMonth'][number]

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback

/** The chart itself: bars of money in and out per month, the treasury as a line; thousands as k on the axis. */
export default function ActivityCanvas({ months }: { months: Month[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const xs = months.map((_, index) => index)
    // uPlot draws floats; the figures stay decimal strings everywhere else.
    const data: uPlot.AlignedData = [
      xs,
      months.map((month) => Number(month.in)),
      months.map((month) => -Number(month.out)),
      months.map((month) => Number(month.treasury)),
    ]
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] })
    const money = (_: uPlot, value: number | null) => (value === null ? '' : euros(value.toFixed(2)))
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 240,
        legend: { show: false },
        cursor: { points: { show: false } },
        scales: { x: { time: false, range: [-0.5, Math.max(months.length - 0.5, 0.5)] } },
        axes: [
          {
            values: (_, ticks) => ticks.map((tick) => months[tick]?.shortLabel ?? ''),
            // Every month while there is room for its label (about 44 px), else one in two or three: on a phone the
            // twelve short labels ran into each other.
            splits: (self) => {
              const width = self.bbox.width / devicePixelRatio || element.clientWidth
              const step = Math.max(1, Math.ceil((months.length * 44) / Math.max(width, 1)))
              return xs.filter((index) => index % step === 0)
            },
            grid: { show: false },
          },
          { values: (_, ticks) => ticks.map(axisK), size: 56 },
        ],
        series: [
          {},
          {
            label: 'Encaissé',
            fill: css('--mantine-color-teal-6', '#12b886'),
            paths: bars,
            points: { show: false },
            value: money,
          },
          {
            label: 'Décaissé',
            fill: css('--mantine-color-red-6', '#fa5252'),
            paths: bars,
            points: { show: false },
            value: money,
          },
          { label: 'Trésorerie', stroke: css('--mantine-color-blue-6', '#228be6'), width: 2, value: money },
        ],
      },
      data,
      element,
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 600, height: 240 }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [months])
  return <div ref={box} role="img" aria-label="Graphique de l'activité mois par mois" />
}
