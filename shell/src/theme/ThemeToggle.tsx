import { useSyncExternalStore } from 'react';
import { WeatherMoon20Regular, WeatherSunny20Regular } from '@fluentui/react-icons';
import { Button } from '@dealflow/web-kit';
import { chooseTheme, currentTheme, subscribeTheme } from './theme-store';

/** The header's dark-mode switch: a toggle button ("Dark mode", pressed when dark); the choice persists. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const);
  const dark = theme === 'dark';
  return (
    <Button
      className={className}
      appearance="subtle"
      icon={dark ? <WeatherSunny20Regular /> : <WeatherMoon20Regular />}
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
    />
  );
}
