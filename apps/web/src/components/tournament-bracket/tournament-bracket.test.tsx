// The live bracket of each format, from the server's shapes: rounds as columns, sections of a
// double elimination, a round robin's table; byes, live / finished / forfeit marks, the viewer.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../routing';
import { describe, expect, it } from 'vitest';
import { doubleEliminationOf4, roundRobinOf3, singleEliminationOf4, singleEliminationWithBye } from '../../test-support/brackets';
import { standings } from './bracket-layout';
import { TournamentBracketView } from './tournament-bracket';

function show(bracket: Parameters<typeof TournamentBracketView>[0]['bracket'], viewerId: string | null = null) {
  return render(
    <MemoryRouter>
      <TournamentBracketView bracket={bracket} viewerId={viewerId} />
    </MemoryRouter>,
  );
}

const column = (title: string) => screen.getByRole('heading', { level: 4, name: title }).closest('li') as HTMLElement;

describe('single elimination', () => {
  it('shows the rounds as columns with the third-place match last, and marks the viewer', () => {
    const { container } = show(singleEliminationOf4(), 'u-ren');
    const titles = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Semi-finals', 'Final', 'Third Place']);
    const semis = within(column('Semi-finals')).getAllByRole('listitem');
    expect(semis).toHaveLength(2);
    expect(within(semis[0] as HTMLElement).getByText('Finished')).toBeInTheDocument();
    expect(within(semis[0] as HTMLElement).getByText('64')).toBeInTheDocument();
    expect(within(semis[0] as HTMLElement).getByText('(winner)', { exact: false })).toBeInTheDocument();
    expect(within(semis[1] as HTMLElement).getByText('Live')).toBeInTheDocument();
    expect(within(semis[1] as HTMLElement).getByText('You')).toBeInTheDocument();
    expect(container.querySelectorAll('[data-mine]')).toHaveLength(1);
    expect(within(column('Final')).getByText('TBD')).toBeInTheDocument();
    expect(within(column('Final')).getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bracket rounds' })).toHaveAttribute('tabindex', '0');
  });

  it('shows a BYE and a forfeit', () => {
    show(singleEliminationWithBye());
    const firstRound = within(column('Semi-finals')).getAllByRole('listitem');
    expect(within(firstRound[0] as HTMLElement).getByText('BYE')).toBeInTheDocument();
    expect(within(firstRound[0] as HTMLElement).getByText('Bye')).toBeInTheDocument();
    expect(within(firstRound[1] as HTMLElement).getByText('Forfeit')).toBeInTheDocument();
    expect(within(column('Final')).getByText('Live')).toBeInTheDocument();
  });
});

describe('double elimination', () => {
  it('has winners, losers and grand final sections', () => {
    show(doubleEliminationOf4());
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Winners Bracket', 'Losers Bracket', 'Grand Final']);
    const winners = screen.getByRole('region', { name: 'Winners Bracket rounds' });
    expect(within(winners).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['Winners Round 1', 'Winners Final']);
    const losers = screen.getByRole('region', { name: 'Losers Bracket rounds' });
    expect(within(losers).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['Losers Round 1', 'Losers Final']);
    expect(within(losers).getAllByText('Live')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Grand Final rounds' })).getAllByText('TBD')).toHaveLength(2);
  });
});

describe('round robin', () => {
  it('ranks by points (3 a win, 1 a draw) and lists every round', () => {
    show(roundRobinOf3(), 'u-aiko');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Kenji', 'Aiko', 'Yuki']);
    expect(cells[0]).toEqual(['1', '1', '1', '0', '0', '3']);
    expect(cells[1]).toEqual(['2', '1', '0', '1', '0', '1']);
    expect(cells[2]).toEqual(['3', '2', '0', '1', '1', '1']);
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['Round 1', 'Round 2', 'Round 3']);
    expect(within(screen.getByRole('region', { name: 'Round 3' })).getByText('You')).toBeInTheDocument();
  });

  it('counts a forfeit as a loss and a win for the other side', () => {
    const table = standings(singleEliminationWithBye().matches);
    expect(table.find((row) => row.name === 'Yuki')).toMatchObject({ played: 1, losses: 1, points: 0 });
    expect(table.find((row) => row.name === 'Aiko')).toMatchObject({ wins: 1, points: 3 });
    expect(table.find((row) => row.name === 'Kenji')).toMatchObject({ played: 0 });
  });
});
