import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/** A daily bar-ish line chart (uPlot: canvas, no inline script or style sheet needed). */
export function DailyChart(props: { days: string[]; series: Series[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = props.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        series: [
          {},
          ...props.series.map((s) => ({
            label: s.label,
            stroke: s.color,
            fill: `${s.color}22`,
            width: 2,
            points: { show: false },
          })),
        ],
        axes: [{ stroke: '#5b6472' }, { stroke: '#5b6472' }],
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
      },
      [xs, ...props.series.map((s) => s.values)],
      el,
    );
    const resize = () => plot.setSize({ width: Math.max(320, el.clientWidth), height: 220 });
    addEventListener('resize', resize);
    return () => {
      removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [props.days, props.series]);
  return <div class="chart" ref={box} role="img" aria-label={props.label} />;
}
