import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('keyword')
export class KeywordEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The record's name: title, keywords or description. */
  @Column({ type: 'varchar', length: 32, unique: true })
  keywords: string;

  @Column({ type: 'text', default: '' })
  content: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
