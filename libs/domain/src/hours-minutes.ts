/** "8h20min", "0h01min": a whole number of minutes as hours and minutes (worked and paid time). */
export function formatHoursMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `${Math.floor(whole / 60)}h${String(whole % 60).padStart(2, '0')}min`;
}
