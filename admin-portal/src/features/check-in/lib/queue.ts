// Check-ins made while the network is down, kept in localStorage until they are sent.
// Each keeps the moment it was scanned: the API records that time, so the first scan stands.

export interface QueuedCheckIn {
  id: string;
  eventId: string;
  code?: string;
  userId?: string;
  /** What the door knows about the person: the code, or the registrant's name. */
  label: string;
  scannedAt: string;
  /** The session it was for (several sessions); absent: the server's default. */
  sessionId?: string;
}

export const QUEUE_KEY = 'admin-checkin-queue:v1';

export function readQueue(): QueuedCheckIn[] {
  try {
    const raw = window.localStorage.getItem(QUEUE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as QueuedCheckIn[]).filter((q) => q && typeof q.eventId === 'string' && typeof q.scannedAt === 'string') : [];
  } catch {
    return [];
  }
}

export function writeQueue(list: QueuedCheckIn[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(QUEUE_KEY);
    else window.localStorage.setItem(QUEUE_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: the in-memory list still shows it
  }
}

let counter = 0;
export function enqueue(entry: Omit<QueuedCheckIn, 'id'>): QueuedCheckIn[] {
  const list = readQueue();
  // The same person scanned twice while offline: keep the first scan only.
  const duplicate = list.some(
    (q) => q.eventId === entry.eventId && q.sessionId === entry.sessionId && ((entry.code && q.code === entry.code) || (entry.userId && q.userId === entry.userId)),
  );
  if (!duplicate) {
    counter += 1;
    list.push({ ...entry, id: `${Date.now().toString(36)}-${counter}` });
    writeQueue(list);
  }
  return list;
}

export function removeFromQueue(id: string): QueuedCheckIn[] {
  const list = readQueue().filter((q) => q.id !== id);
  writeQueue(list);
  return list;
}
