/** The capacity rule has one home: the ledger's placesFree, which events (isFull, lowering a capacity) and the waiting list use. */
import { isFullFor, RegistrationLedger } from '../registration-ledger';

const ledger = new RegistrationLedger({ placesFreed: async () => undefined, waitlistClosed: async () => undefined }, { plan: async () => 0, planMany: async () => 0 });

describe('RegistrationLedger.placesFree', () => {
  it('is the capacity less the places registered and those held by offers', () => {
    expect(ledger.placesFree({ maxParticipants: 10, registeredCount: 6, offeredCount: 3 })).toBe(1);
    expect(ledger.placesFree({ maxParticipants: 10, registeredCount: 7, offeredCount: 3 })).toBe(0);
  });

  it('is null without a limit, and below zero when the capacity was lowered under the places taken', () => {
    expect(ledger.placesFree({ maxParticipants: null, registeredCount: 500, offeredCount: 2 })).toBeNull();
    expect(ledger.placesFree({ maxParticipants: 4, registeredCount: 4, offeredCount: 2 })).toBe(-2);
  });
});

describe('isFullFor: the fairness rule as reads show it', () => {
  it('is full while every free place is due to someone waiting', () => {
    expect(isFullFor({ maxParticipants: 10, registeredCount: 9, offeredCount: 0 }, 1)).toBe(true);
    expect(isFullFor({ maxParticipants: 10, registeredCount: 8, offeredCount: 0 }, 1)).toBe(false);
    expect(isFullFor({ maxParticipants: 10, registeredCount: 8, offeredCount: 0 }, 0)).toBe(false);
    expect(isFullFor({ maxParticipants: 10, registeredCount: 10, offeredCount: 0 }, 0)).toBe(true);
  });
  it('is never full without a limit', () => {
    expect(isFullFor({ maxParticipants: null, registeredCount: 500, offeredCount: 0 }, 20)).toBe(false);
  });
});
