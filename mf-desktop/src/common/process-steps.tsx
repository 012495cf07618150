import { useState, type CSSProperties } from 'react';
import { PROCESS_STEPS } from '@site/shared-types';
import styles from './process-steps.module.css';

/** The six steps of the service process in their fixed colours; hovering a step makes it the active one. */
export function ProcessSteps({ intro }: { intro?: string }) {
  const [active, setActive] = useState(0);
  return (
    <div className={styles.process}>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      <ol className={styles.steps} data-testid="process-steps">
        {PROCESS_STEPS.map((step, index) => (
          <li
            key={step.name}
            className={index === active ? styles.activeStep : undefined}
            style={{ '--step-color': step.color } as CSSProperties}
            onMouseEnter={() => setActive(index)}
            data-active={index === active || undefined}
          >
            <span className={styles.stepNumber}>{String(index + 1).padStart(2, '0')}</span>
            <strong>{step.name}</strong>
            <span className={styles.stepEn}>{step.en}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
