import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { theme } from '../theme.ts'

/**
 * A line chart drawn by uPlot (a canvas), loaded only with the progress page (React.lazy in TrendCharts). Its x axis
 * counts the stations (1, 2, 3...): each station is its own point in the order played, however many fell on one
 * day. The legend under it follows the pointer and names the station (its number, date and topic) with its values.
 * It is a picture for sighted readers: the same figures are in the table beside it, which is what assistive
 * technology reads, so the canvas is one image with a label.
 */

export interface ChartSeries {
  label: string
  values: Array<number | null>
  colour: string
  /** A dash pattern tells the lines apart without colour. */
  dash?: number[]
  width?: number
}

export interface LineChartProps {
  label: string
  /** What the legend names each point by: "Station 3 · 24 Nov 2026 · Cardiology". */
  pointNames: string[]
  series: ChartSeries[]
  yMax: number
}

const HEIGHT = 220

export default function LineChart({ label, pointNames, series, yMax }: LineChartProps) {
  const container = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const xs = pointNames.map((_, index) => index + 1)
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: HEIGHT,
      // Half a step of room at each end, so the first and last stations are not drawn on the chart's edge.
      scales: { x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] }, y: { range: [0, yMax] } },
      axes: [
        // Whole stations only: no tick at "1.5".
        { stroke: theme.color.muted, label: 'Station', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500], values: (_, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) },
        { stroke: theme.color.muted, size: 36 },
      ],
      // Stations without a score (before domains) are gaps: joining across them would draw a score nobody gave.
      series: [
        { label: 'Station', value: (_, x) => (x == null ? '' : (pointNames[x - 1] ?? '')) },
        ...series.map((line) => ({ label: line.label, stroke: line.colour, dash: line.dash, width: line.width ?? 2, spanGaps: false, points: { show: true, size: 6 } })),
      ],
      cursor: { drag: { x: false, y: false } },
    }
    const chart = new uPlot(options, [xs, ...series.map((line) => line.values)], element)
    // Follows the page's width (a phone turned, a window resized) instead of overflowing it.
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [pointNames, series, yMax])

  return <Frame ref={container} role="img" aria-label={label} />
}

const Frame = styled.div`
  width: 100%;
  min-height: ${HEIGHT}px;
  .u-legend { font-size: 0.85rem; }
  .u-legend .u-series:first-child .u-value { white-space: normal; }
`
