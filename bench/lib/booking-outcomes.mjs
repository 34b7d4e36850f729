// How the booking workload's phases share slots and what counts against a run.

/** Each slot with half of its budget (bookings it can take), so two paths can book it alike. */
export function halfBudgets(slots) {
  return slots.map((slot) => ({ ...slot, budget: Math.floor(slot.budget / 2) })).filter((slot) => slot.budget > 0);
}

/**
 * Attempts that did not end in a booking, per phase: a refused booking (money, stock) or a card
 * checkout that did not complete. Any of them fails the run: the rates are only comparable when
 * every attempt booked.
 */
export function refusalCounts(booked, balanceFloor, cardCheckouts) {
  // From the statuses, not `refusals`, which keeps only the first few kinds of answer.
  const notBooked = (phase) => phase.attempts - (phase.statuses[201] ?? 0) + phase.errors;
  const cardNotCompleted = Object.entries(cardCheckouts.outcomes).filter(([outcome]) => outcome !== 'completed');
  const counts = {
    bookings: notBooked(booked),
    balanceBookings: notBooked(balanceFloor),
    cardCheckouts: cardNotCompleted.reduce((total, [, count]) => total + count, 0) + cardCheckouts.errors,
  };
  return { ...counts, total: counts.bookings + counts.balanceBookings + counts.cardCheckouts };
}
