/** One line of the chart: a configuration and its cumulative values per call. */
export interface ChartSeries {
  label: string;
  values: number[];
}

/** Options of {@link renderCumulativeChart}. */
export interface ChartOptions {
  title: string;
  xTitle: string;
  yTitle: string;
  width?: number;
  height?: number;
}

/**
 * Draw cumulative series as an SVG line chart with Vega-Lite (compiled to Vega and rendered
 * headless by Vega's SVG renderer: no browser, no canvas). Text widths are estimated by Vega, so
 * the output is the same on every machine.
 */
export async function renderCumulativeChart(
  series: readonly ChartSeries[],
  options: ChartOptions,
): Promise<string> {
  const vega = await import('vega');
  const vegaLite = await import('vega-lite');
  const values = series.flatMap((line) =>
    line.values.map((value, index) => ({ configuration: line.label, call: index + 1, tokens: value })),
  );
  const specification = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    // Vega estimates text widths without a canvas, generously: a long centred title would widen the
    // whole picture, so it is anchored left and limited to the plot width.
    title: { text: options.title, anchor: 'start', limit: options.width ?? 640 },
    width: options.width ?? 640,
    height: options.height ?? 360,
    background: 'white',
    padding: 12,
    data: { values },
    mark: { type: 'line', strokeWidth: 2.5, point: { size: 18 } },
    encoding: {
      x: { field: 'call', type: 'quantitative', title: options.xTitle, scale: { nice: false } },
      y: { field: 'tokens', type: 'quantitative', title: options.yTitle, axis: { format: '~s' } },
      color: {
        field: 'configuration',
        type: 'nominal',
        title: null,
        sort: series.map((line) => line.label),
        legend: { orient: 'bottom', columns: 2, labelLimit: 290, columnPadding: 12 },
      },
    },
    config: { font: 'Helvetica, Arial, sans-serif', axis: { labelFontSize: 11, titleFontSize: 12 } },
  };
  const compiled = vegaLite.compile(specification as Parameters<typeof vegaLite.compile>[0]);
  const view = new vega.View(vega.parse(compiled.spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
