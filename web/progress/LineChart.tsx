import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { theme } from '../theme.ts'

/**
 * A line chart drawn by uPlot (a canvas), loaded only with the progress page (React.lazy in TrendCharts). It is a
 * picture for sighted readers: the same figures are in the table beside it, which is what assistive technology
 * reads, so the canvas is one image with a label.
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
  /** yyyy-mm-dd, one per point. */
  dates: string[]
  series: ChartSeries[]
  yMax: number
}

const HEIGHT = 220
const WEEK = 7 * 86_400

export default function LineChart({ label, dates, series, yMax }: LineChartProps) {
  const container = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const xs = dates.map((date) => Date.parse(`${date}T12:00:00Z`) / 1000)
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: HEIGHT,
      // A single day would get a range of years around it: show the week around it instead.
      scales: { x: xs.length === 1 ? { time: true, range: [xs[0] - WEEK / 2, xs[0] + WEEK / 2] } : { time: true }, y: { range: [0, yMax] } },
      axes: [{ stroke: theme.color.muted }, { stroke: theme.color.muted, size: 36 }],
      // Days without a score (before domains) are gaps: joining across them would draw a score nobody gave.
      series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.colour, dash: line.dash, width: line.width ?? 2, spanGaps: false, points: { show: true, size: 5 } }))],
      cursor: { drag: { x: false, y: false } },
      legend: { live: false },
    }
    const chart = new uPlot(options, [xs, ...series.map((line) => line.values)], element)
    // Follows the page's width (a phone turned, a window resized) instead of overflowing it.
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [dates, series, yMax])

  return <Frame ref={container} role="img" aria-label={label} />
}

const Frame = styled.div`
  width: 100%;
  min-height: ${HEIGHT}px;
  .u-legend { font-size: 0.85rem; }
`
