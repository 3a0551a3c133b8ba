import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { eventDetail } from '@/testing/fixtures';
import { EventDetails } from './event-details';

describe('the event page\'s badge', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says Happening now while the event runs (a Friday 6-7 pm event at 6:30 pm India time)', () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-27T18:30:00+05:30'));
    const running = eventDetail({ date: '2026-11-27', time: '18:00', endTime: '19:00', isUpcoming: true, hasStarted: true });
    renderWithProviders(<EventDetails event={running} complete={false} />);
    expect(screen.getByText('Happening now')).toHaveClass('badge--now');
    expect(screen.queryByText('Upcoming')).not.toBeInTheDocument();
  });
});
