import '../styles/day-bar.css';

/** The hours under a 24-hour day bar ("00" … "24"), hidden from screen readers: the bar's text says the times. */
export function DayBarScale({ hours }: { hours: readonly number[] }) {
  return (
    <div className="day-bar-scale" aria-hidden="true">
      {hours.map((hour) => (
        <span key={hour}>{String(hour).padStart(2, '0')}</span>
      ))}
    </div>
  );
}
