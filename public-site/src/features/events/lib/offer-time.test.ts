import { indiaDateAndTime } from './offer-time';

describe('indiaDateAndTime', () => {
  it('gives the date and time in India', () => {
    expect(indiaDateAndTime('2099-03-14T04:30:00.000Z')).toEqual({ date: '2099-03-14', time: '10:00' });
    // 20:00 UTC is already the next day in India.
    expect(indiaDateAndTime('2099-03-14T20:00:00Z')).toEqual({ date: '2099-03-15', time: '01:30' });
  });

  it('gives null for something that is not a date', () => {
    expect(indiaDateAndTime('soon')).toBeNull();
  });
});
