// The reservation timeline's days: a band per day with its date, and the 6, 12 and 18 o'clock lines.
import { formatWeekday } from '../../../shared/time';
import { toDateString } from '../booking-times';
import { DAY_WIDTH, HEADER_HEIGHT, LABEL_WIDTH } from './timeline-geometry';

export function TimelineDays({ days, height }: { days: readonly Date[]; height: number }) {
  return (
    <>
      {days.map((day, index) => (
        <g key={day.getTime()}>
          <rect
            x={LABEL_WIDTH + index * DAY_WIDTH}
            y={0}
            width={DAY_WIDTH}
            height={height}
            fill={index % 2 === 0 ? '#f8f9fa' : '#ffffff'}
          />
          <text x={LABEL_WIDTH + index * DAY_WIDTH + 6} y={15} fontSize={12} fontWeight={600} fill="#212529">
            {formatWeekday(day)} {toDateString(day).slice(5)}
          </text>
          {[6, 12, 18].map((hour) => (
            <g key={hour}>
              <line
                x1={LABEL_WIDTH + index * DAY_WIDTH + (hour / 24) * DAY_WIDTH}
                x2={LABEL_WIDTH + index * DAY_WIDTH + (hour / 24) * DAY_WIDTH}
                y1={HEADER_HEIGHT - 6}
                y2={height}
                stroke="#dee2e6"
                strokeDasharray="2 3"
              />
              <text
                x={LABEL_WIDTH + index * DAY_WIDTH + (hour / 24) * DAY_WIDTH}
                y={HEADER_HEIGHT - 9}
                fontSize={10}
                textAnchor="middle"
                fill="#495057"
              >
                {String(hour).padStart(2, '0')}
              </text>
            </g>
          ))}
          <line
            x1={LABEL_WIDTH + index * DAY_WIDTH}
            x2={LABEL_WIDTH + index * DAY_WIDTH}
            y1={0}
            y2={height}
            stroke="#adb5bd"
          />
        </g>
      ))}
    </>
  );
}
