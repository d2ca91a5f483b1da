import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'on-dark';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: 'regular' | 'small';
  isBlock?: boolean;
}

const variantClass: Record<ButtonVariant, string | undefined> = {
  primary: undefined,
  secondary: styles.secondary,
  ghost: styles.ghost,
  'on-dark': styles.onDark,
};

/** Class names for anything that should look like a button (links included). */
export function buttonClassName({ variant = 'primary', size = 'regular', isBlock = false }: ButtonStyle = {}, extra?: string): string {
  return [styles.button, variantClass[variant], size === 'small' && styles.small, isBlock && styles.block, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {}

export function Button({ variant, size, isBlock, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, isBlock }, className)} {...props} />;
}
