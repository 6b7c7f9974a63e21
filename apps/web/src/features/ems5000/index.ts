/**
 * What the EMS 5000 console offers the others: the console itself, which the station detail of a
 * C&I station shows (its texts are loaded with it: src/locales/ems5000, with the device, control
 * and strategy texts it shares).
 */

export { EmsConsole, type EmsConsoleProps } from './components/ems-console.tsx';
