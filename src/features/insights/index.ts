export { InsightsView } from './insights-view.tsx';
