import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One editable singleton block (header, footer, home, about, contact) stored as JSON. */
@Entity('site_block')
export class SiteBlockEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
