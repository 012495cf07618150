import type { CaseBannerImage, CaseClassId, CaseTop } from '@site/shared-types';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('case')
export class CaseEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', default: '' })
  intro: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  scene: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  site: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  img: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  code_img: string;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  banner: CaseBannerImage[];

  @Column({ type: 'smallint', default: 2 })
  top: CaseTop;

  @Column({ type: 'integer' })
  dict_id: number;

  @Column({ type: 'integer' })
  class_id: CaseClassId;

  @Column({ type: 'text', default: '' })
  content: string;

  /** `yyyy-MM-dd` (date columns are read as strings, see database.module). */
  @Column({ type: 'date' })
  create_time: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
