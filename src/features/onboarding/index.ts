export { OnboardingForm } from './onboarding-form.tsx';
