// The chart library is part of the money page only: nothing imports the chart before the page
// has movements to draw, and then it draws them. uPlot itself is replaced by a recorder (happy-dom
// has no canvas), so this checks what the page hands it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { json, movement, page, restoreSession, serveMoney } from '../../test-support/money-screen';

const chart = vi.hoisted(() => ({ imported: false, plots: [] as { data: unknown; destroyed: boolean }[] }));

vi.mock('./net-chart-canvas', async (importOriginal) => {
  chart.imported = true;
  return importOriginal();
});

vi.mock('uplot', () => {
  class RecordingPlot {
    static paths = { stepped: () => () => null };
    readonly record: { data: unknown; destroyed: boolean };
    constructor(_options: unknown, data: unknown) {
      this.record = { data, destroyed: false };
      chart.plots.push(this.record);
    }
    setSize(): void {}
    destroy(): void {
      this.record.destroyed = true;
    }
  }
  return { default: RecordingPlot };
});

let server: FakeServer;
let unregister: () => void = () => undefined;
beforeEach(() => {
  server = new FakeServer();
  server.install();
});
afterEach(() => unregister());

describe('the net chart', () => {
  it('is not imported on other pages, and draws the running net once the money page shows movements', async () => {
    const session = await restoreSession(server);
    unregister = session.unregister;
    const me = session.address;
    serveMoney(server, me, () =>
      json(page(me, [movement({ kind: 'refund', reason: 'cancelledWait', direction: 'in', createdAt: '2026-03-01T12:01:00.000Z' }), movement({ createdAt: '2026-03-01T12:00:00.000Z' })])),
    );
    renderApp('/my-games');
    const link = await screen.findByRole('link', { name: 'Money history' }, { timeout: 15_000 });
    expect(chart.imported).toBe(false);
    await userEvent.setup().click(link);

    expect(await screen.findByTestId('net-chart', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(chart.imported).toBe(true);
    const start = Date.parse('2026-03-01T12:00:00.000Z');
    expect(chart.plots.at(-1)?.data).toEqual([
      [start, start, start + 60_000],
      [0, -0.033333333, 0],
    ]);
  });
});
