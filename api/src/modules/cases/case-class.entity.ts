import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A customer-case tab (1 PC网站 … 5 软件系统). */
@Entity('case_class')
export class CaseClassEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'integer' })
  position: number;
}
