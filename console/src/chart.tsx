import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import type { Usage } from './api.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Each status class with its colour; 429s and errors stand out against the 2xx bars. */
const series = [
  { field: 'status_2xx', label: '2xx', color: '#2f7d4f' },
  { field: 'status_4xx', label: '4xx', color: '#d98c00' },
  { field: 'status_429', label: '429 (rate limited)', color: '#7b3fbf' },
  { field: 'status_5xx', label: '5xx', color: '#c62828' },
] as const;

/**
 * Stacked bars of one usage answer (Chart.js). The canvas is described for screen readers by its
 * label; the same figures are in the table beside it.
 */
export function UsageChart({ usage, label }: { usage: Usage; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: series.map((s) => ({ label: s.label, data: [] as number[], backgroundColor: s.color, stack: 'requests' })) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);
  // New figures (another key, or the page's refresh) update the chart in place: no flicker, and a
  // series the user hid in the legend stays hidden.
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = usage.buckets.map((b) => (usage.granularity === 'hour' ? b.start.slice(11, 16) : b.start.slice(5, 10)));
    series.forEach((s, i) => (current.data.datasets[i]!.data = usage.buckets.map((b) => b[s.field])));
    current.update('none');
  }, [usage]);
  const t = usage.totals;
  return (
    <div class="chart">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label}: ${t.requests} requests, ${t.status_2xx} 2xx, ${t.status_4xx} 4xx, ${t.status_429} rate limited, ${t.status_5xx} 5xx`}
      />
    </div>
  );
}
