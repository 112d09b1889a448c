export { CalendarMonth } from './calendar-month.tsx';
