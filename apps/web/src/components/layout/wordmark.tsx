import { brand } from '../../config/brand';
import styles from './wordmark.module.css';

export function Wordmark({ className }: { className?: string }) {
  return <span className={[styles.wordmark, className].filter(Boolean).join(' ')}>{brand.name}</span>;
}
