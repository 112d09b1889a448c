export { HomeOverview } from './home-overview.tsx';
