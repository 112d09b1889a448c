export { HomeOverview } from './home-overview.tsx';
export { HomeGreeting } from './home-greeting.tsx';
