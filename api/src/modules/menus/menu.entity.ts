import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('menu')
export class MenuEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'smallint' })
  grade: 1 | 2 | 3;

  @Column({ type: 'integer', nullable: true })
  parent_id: number | null;

  @Column({ type: 'text', default: '' })
  intro: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  img: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  background: string;

  @Column({ type: 'boolean', default: true })
  pc: boolean;

  @Column({ type: 'integer', default: 0 })
  pcsite: number;

  @Column({ type: 'boolean', default: true })
  move: boolean;

  @Column({ type: 'integer', default: 0 })
  movesite: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
