export type BenchSlot = { offerId: string; date: string; time: string | null; adults: number; budget: number };
export type PhaseAnswers = { attempts: number; statuses: Record<string, number>; errors: number };
export type CardAnswers = { outcomes: Record<string, number>; errors: number };
export type RefusalCounts = { bookings: number; balanceBookings: number; cardCheckouts: number; total: number };
export declare function halfBudgets<Slot extends { budget: number }>(slots: Slot[]): Slot[];
export declare function refusalCounts(booked: PhaseAnswers, balanceFloor: PhaseAnswers, cardCheckouts: CardAnswers): RefusalCounts;
